import { colorSchemeDark, colorSchemeLight, themeQuartz } from 'ag-grid-community';

/** ag-grid's JS theming API (no stylesheet to fetch); fonts follow the Fluent theme. */
const base = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontWeight: 600,
  wrapperBorderRadius: 4,
});

export const gridThemes = {
  light: base.withPart(colorSchemeLight),
  dark: base.withPart(colorSchemeDark),
};
