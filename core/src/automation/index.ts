export { AutomationEngine, DISPATCH_JOB, STEP_JOB, SWEEP_JOB, type AutomationEngineDependencies } from './engine.js';
export { automationRoutes } from './routes.js';
export { AutomationCatalogue, AutomationDeclarationError, type Problem, type StepEntry } from './catalogue.js';
export { MANUAL_TRIGGER, TIME_DELAY, DELAY_UNITS } from './built-ins.js';
export {
  defineTrigger,
  defineCondition,
  defineAction,
  type TriggerDefinition,
  type ConditionDefinition,
  type ActionDefinition,
  type AutomationEvent,
  type ConditionContext,
  type ConditionEvaluator,
  type ActionScope,
  type ActionOutcome,
  type ActionHandler,
  type RaiseInput,
  type PluginAutomation,
} from './declarations.js';
