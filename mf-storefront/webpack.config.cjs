const { createFrontendConfig } = require('@atelier/mf-config');

module.exports = createFrontendConfig({
  name: 'storefront',
  appDir: __dirname,
  title: 'Atelier storefront',
  exposes: { './routes': './src/routes.tsx' },
});
