export { ExpressionEvaluator, celDuration, type ExpressionKind, type ExpressionOutcome } from './expression-evaluator';
export { EXPRESSION_LIMITS, expressionLimitProblem, expressionProblem } from './limits';
