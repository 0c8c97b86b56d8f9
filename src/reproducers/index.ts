export { attachReproducers, forgeRunner, type ReproducerContext } from './attach.js';
export { harnessPlan } from './suitePlan.js';
