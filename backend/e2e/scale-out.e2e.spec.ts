/**
 * The scale-out topology run for real on this machine: projections worker + two backend processes on one SQLite event
 * file, PostgreSQL (a fresh database) and Redis (a random prefix); the proofs are in scale-out-proofs.ts.
 */
import { scaleOutProofs } from './scale-out-proofs';

scaleOutProofs();
