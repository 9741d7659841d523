/**
 * `{ ...o, ...fields }` for plain data, without a slow path of V8 11 (Node 20): a spread copy of an object that is
 * not frozen shares its hidden class, and adding a field to that copy then costs microseconds instead of
 * nanoseconds. The kernel and the apiserver do this for every event and every etcd write, so it added up to tens of
 * milliseconds in a 1,000-pod run. Object.assign builds the same object (same keys, same order); a data key named
 * "__proto__" (only hostile input has one) keeps the spread, since Object.assign would set the prototype instead.
 */
export function withFields<T extends object, U extends object>(o: T, fields: U): Omit<T, keyof U> & U {
  if (Object.isFrozen(o) || Object.prototype.hasOwnProperty.call(o, '__proto__')) return { ...o, ...fields };
  return Object.assign({}, o, fields);
}
