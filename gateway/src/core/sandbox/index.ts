export { ExecSandbox, SandboxRefused, SANDBOX_PATH, type SandboxJob, type SandboxOutcome } from './exec-sandbox';
