// The child process that converts the word vectors (glove-convert.ts convertOnce starts it).
import { serveChildJob } from "../../core/child-job.ts";
import { convertFile } from "./glove-convert.ts";

serveChildJob(convertFile);
