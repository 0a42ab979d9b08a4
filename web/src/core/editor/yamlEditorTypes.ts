/** What a Code tab's editor (canary, scrape config...) shows besides the text: error markers at 1-based lines and columns. */
export interface EditorMarker {
  message: string;
  line: number;
  column?: number;
}

export interface YamlEditorProps {
  value: string;
  onChange(value: string): void;
  markers: readonly EditorMarker[];
  readOnly?: boolean;
  ariaLabel: string;
}

/** Why a text does not parse as the editor's document, at a 1-based line and column when known. */
export interface YamlProblem {
  message: string;
  line?: number;
  column?: number;
}
