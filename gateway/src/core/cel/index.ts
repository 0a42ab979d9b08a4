export { ExpressionEvaluator, celDuration, type ExpressionKind, type ExpressionOutcome } from './expression-evaluator';
export {
  EXPRESSION_LANGUAGES,
  EXPRESSION_LIMITS,
  SCRIPT_LIMITS,
  asUserExpression,
  expressionLimitProblem,
  expressionProblem,
  userExpressionProblem,
  type ExpressionLanguage,
  type UserExpression,
} from './limits';
