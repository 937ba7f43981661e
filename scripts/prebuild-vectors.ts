// Converts the word vectors once, when an image is built (the Dockerfile runs it, then drops the 307 MB
// source): the server reads the table from `.prebuilt/` and converts nothing at its first start.
import { convertFile } from "../search/embedders/glove-convert.ts";
import { gloveBinaryPath, PREBUILT_DIR } from "../search/embedders/glove.ts";

await convertFile(gloveBinaryPath(PREBUILT_DIR), (line) => console.log(line));
