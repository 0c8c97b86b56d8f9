export { attachReproducers, forgeRunner, type ReproducerContext } from './attach.js';
export { suitePlan } from './suitePlan.js';
