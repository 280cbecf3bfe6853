import type { ThemeConfig } from 'antd';

/** Atelier's look: warm paper neutrals with an ink accent. Set once, in the shell. */
export const atelierTheme: ThemeConfig = {
  token: {
    colorPrimary: '#8a3b12',
    colorLink: '#8a3b12',
    colorBgLayout: '#f7f4ef',
    borderRadius: 6,
    fontFamily:
      "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
