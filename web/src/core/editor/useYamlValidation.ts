import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '@web/core/api';

export const VALIDATION_DEBOUNCE_MS = 500;

export type ValidationError = { message: string; line?: number; column?: number; path?: string };

/** A server check of a document without saving it (`POST /api/canaries/validate`, `POST /api/scrapers/validate`). */
export type ValidateYaml = (yaml: string) => Promise<{ errors?: ValidationError[] } | null | undefined>;

export interface YamlValidation {
  errors: ValidationError[];
  /** Why the last validation could not run (not a problem of the document). */
  failure: string | null;
}

/**
 * Validates a Code tab's text on the server 500 ms after the last keystroke. Answers to older text are dropped.
 * A gateway without the endpoint (404) means no validation, not an error.
 */
export function useYamlValidation(yaml: string, enabled: boolean, validate: ValidateYaml): YamlValidation {
  const [result, setResult] = useState<YamlValidation & { yaml: string | null }>({ errors: [], failure: null, yaml: null });
  const latest = useRef(yaml);
  latest.current = yaml;
  // The caller's function may be a new one each render; only the text restarts the timer.
  const validateRef = useRef(validate);
  validateRef.current = validate;

  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      validateRef.current(yaml).then(
        (answer) => {
          if (latest.current === yaml) setResult({ errors: answer?.errors ?? [], failure: null, yaml });
        },
        (error: unknown) => {
          if (latest.current !== yaml) return;
          if (isApiError(error) && error.status === 404) setResult({ errors: [], failure: null, yaml });
          else setResult({ errors: [], failure: errorMessage(error), yaml });
        },
      );
    }, VALIDATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [yaml, enabled]);

  // While the user types, the last answer stays until the next one replaces it (no flicker).
  if (!enabled || result.yaml === null) return { errors: [], failure: null };
  return { errors: result.errors, failure: result.failure };
}
