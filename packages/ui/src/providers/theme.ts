import type { ThemeConfig } from 'antd';

/** Atelier's look: warm paper neutrals with an ink accent. Set once, in the shell. */
export const atelierTheme: ThemeConfig = {
  token: {
    colorPrimary: '#8a3b12',
    colorLink: '#8a3b12',
    colorBgLayout: '#f7f4ef',
    borderRadius: 6,
    // antd's secondary greys (black at 45 %) are 3.3:1 on the paper backgrounds; WCAG AA asks
    // 4.5:1 for body text (Descriptions labels, Typography secondary). These are 5.3:1 or more.
    colorTextSecondary: '#5c534b',
    colorTextTertiary: '#6b625a',
    colorTextDescription: '#6b625a',
    fontFamily:
      "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
