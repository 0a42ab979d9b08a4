import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { badRequest } from '../http/domain-error';
import { locateProblems, type DocumentProblem, type ProblemPath } from './problems';

/**
 * A user's document (a canary, a scrape config, later playbooks and topologies) as the write routes take it: a YAML
 * document in `yaml` (also what a raw `Content-Type: application/yaml` body becomes), or its parts.
 */
export class DocumentBodyDto {
  @ApiPropertyOptional({ description: 'The whole document as YAML (apiVersion, kind, metadata, spec)' })
  @IsOptional()
  @IsString()
  @MaxLength(1_000_000)
  yaml?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) namespace?: string;
  @ApiPropertyOptional() @IsOptional() @IsObject() labels?: Record<string, string>;
  @ApiPropertyOptional() @IsOptional() @IsObject() spec?: Record<string, unknown>;
}

/** A document that will not be saved: every problem found, each naming its field where it has one. */
export class DocumentError extends Error {
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.join('; '));
    this.problems = list;
  }
}

/**
 * The two ways a write route reads a document with `read` (which throws DocumentError): `parse` answers 400 with
 * `code` naming every problem; `validate` (the editor's live check) answers the problems placed in the YAML text
 * when it was sent as YAML, and saves nothing.
 */
export function documentReader<T>(read: (body: DocumentBodyDto) => T, code: string, pathOf?: ProblemPath) {
  return {
    parse(body: DocumentBodyDto): T {
      try {
        return read(body);
      } catch (error) {
        if (error instanceof DocumentError) throw badRequest(error.message, code);
        throw error;
      }
    },
    validate(body: DocumentBodyDto): { errors: DocumentProblem[] } {
      try {
        read(body);
        return { errors: [] };
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        const { problems } = error;
        return { errors: typeof body.yaml === 'string' ? locateProblems(body.yaml, problems, pathOf) : problems.map((message) => ({ message })) };
      }
    },
  };
}
