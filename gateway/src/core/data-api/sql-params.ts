import type { ScopeClause } from './resource-registry';

/** Collects bound values; every value in generated SQL goes through `add()` and appears as `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Splices a registration's scope clause in, renumbering its `$1..$n` onto this list. */
  addScope(scope: ScopeClause): string {
    const placeholders = new Map<number, string>();
    return scope.sql.replace(/\$(\d+)/g, (_, digits: string) => {
      const index = Number(digits);
      if (index < 1 || index > scope.params.length) throw new Error(`scope clause refers to $${index} but has ${scope.params.length} params`);
      let placeholder = placeholders.get(index);
      if (!placeholder) {
        placeholder = this.add(scope.params[index - 1]);
        placeholders.set(index, placeholder);
      }
      return placeholder;
    });
  }
}

export interface BuiltSql {
  text: string;
  values: unknown[];
}
