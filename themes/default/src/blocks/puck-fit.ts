/**
 * Compile-time proof that the blocks plug straight into Puck: `tsc -b` fails here when a block's
 * fields, defaults or render stop fitting Puck's ComponentConfig, or the categories its Config.
 * Types only — nothing of Puck reaches a bundle.
 */
import type { ComponentConfig, Config } from '@puckeditor/core';
import type { blockCategories, blockConfigs } from './block-configs.js';

type Fits<Target, Candidate extends Target> = Candidate;

export type PuckComponentsFit = Fits<ComponentConfig, (typeof blockConfigs)[keyof typeof blockConfigs]>;
export type PuckConfigFits = Fits<Config, { components: typeof blockConfigs; categories: typeof blockCategories }>;
