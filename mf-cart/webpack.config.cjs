const { createFrontendConfig } = require('@atelier/mf-config');

module.exports = createFrontendConfig({
  name: 'cart',
  appDir: __dirname,
  title: 'Atelier cart',
  exposes: {
    './routes': './src/routes.tsx',
    './quick-add': './src/features/quick-add/QuickAddFragment.tsx',
  },
});
