/**
 * One object kept alive per class whose objects live only while a parse or an index build runs.
 *
 * V8 compiles code for the hidden classes (shapes) of the objects it meets, and holds those
 * shapes weakly: a full collection that reduces memory (the one V8 runs when a process goes
 * idle, as a crawler does between fetches, or `gc()`) drops the shape of a class none of whose
 * objects is alive, and deoptimises all code compiled for it. The readers of a parse are alive
 * only during the parse, so without a kept object every parse after such a collection ran
 * unoptimised code until V8 compiled the tokenizer, the group reader and the index build
 * again (200 corpus files parsed and checked 100 times each just after such a collection, with
 * the 3,000 files parsed before kept alive as a client keeps them: 66–80 ms of CPU time, 37–46
 * ms with the shapes kept). A kept object, made as a parse makes them (the same fields in the
 * same order), holds the shape. Objects that live as long as their file (the parsed file, its
 * indexes) keep their shapes while any file is alive.
 */
const kept: object[] = [];

/** Keeps `specimen` alive for the life of the process (see above); returns it. */
export function keepShape<T extends object>(specimen: T): T {
  kept.push(specimen);
  return specimen;
}
