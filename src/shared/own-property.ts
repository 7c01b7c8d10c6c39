/**
 * Sets `name` as an own, enumerable value even when it is an Object.prototype member
 * ("__proto__"), which plain assignment would not: columns and fields are named by users.
 */
export function setOwn<T>(record: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(record, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
