import {
  createTheme, darken, defaultVariantColorsResolver, parseThemeColor, type VariantColorsResolver,
} from '@mantine/core';

// Text drawn in a theme color on white or on a tinted background (light, subtle, outline and
// default buttons and badges) uses a darkened shade 9, so it keeps WCAG AA contrast (4.5:1) for
// every color; Mantine's shade 6 is about 3:1 (issue 13).
const TINTED = new Set(['light', 'subtle', 'outline', 'transparent']);

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!TINTED.has(input.variant)) return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  const text = darken(input.theme.colors[parsed.color]![9], 0.3);
  return { ...colors, color: text, hoverColor: text };
};

// Shade 7 keeps white text on filled indigo above AA contrast; autoContrast puts dark text on the
// light filled colors (green, yellow, teal…) where white would not be readable.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, "Segoe UI", Roboto, sans-serif',
  variantColorResolver,
  // A person who asks their system for less motion gets dialogs, menus and popovers without their
  // fade and slide, as the page itself (styles.css).
  respectReducedMotion: true,
  components: {
    // A dialog's × has no text: named, so a screen reader says what it does (axe button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
  },
});
