// A value kept on an object rather than in a weak map beside it: a private field added to the object itself (a
// constructor that hands back the object it is given lets a subclass's field land on that object). Nothing else
// sees it: not JSON, Object.keys, for-in, a spread or a structured clone, and the object's prototype stays its own.
// Why: a weak map keyed by thousands of objects is probed per lookup in a table of thousands (a cache miss on this
// machine, several per search answer), where the field sits on the very object being read. An object that can no
// longer take a field (frozen before it was marked) keeps its value in a weak map after all.

/** A constructor that hands back the object it is given, so that a subclass's private field is added to that object. */
class Given {
  constructor(value: object) {
    return value;
  }
}

export interface ObjectMark<T> {
  get(object: object): T | undefined;
  /** Marks the object (or marks it anew). */
  set(object: object, value: T): void;
}

/** A mark of its own (each call makes a new private name): `get` and `set` as a weak map's, for objects. */
export function objectMark<T>(): ObjectMark<T> {
  const beside = new WeakMap<object, T>();
  class Mark extends Given {
    #value: T;
    constructor(object: object, value: T) {
      super(object);
      this.#value = value;
    }
    static get(object: object): T | undefined {
      return #value in object ? object.#value : beside.get(object);
    }
    static set(object: object, value: T): void {
      if (#value in object) object.#value = value;
      else if (Object.isExtensible(object)) new Mark(object, value);
      else beside.set(object, value);
    }
  }
  return { get: Mark.get, set: Mark.set };
}
