// Property tests that pass no seed of their own still run the same cases on every run, so a
// red CI is reproducible and never a coin toss. FC_SEED explores other cases locally.
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED ?? 20261201);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got ${process.env.FC_SEED}`);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
