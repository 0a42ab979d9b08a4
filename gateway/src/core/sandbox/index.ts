export { ExecSandbox, SandboxRefused, SANDBOX_PATH, type SandboxJob, type SandboxOutcome } from './exec-sandbox';
export { SCRIPT_ENV_PROBLEM, resolveScriptEnv, scriptEnvEntries, scriptEnvProblem } from './script-env';
