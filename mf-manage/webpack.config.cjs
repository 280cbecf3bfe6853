const { createFrontendConfig } = require('@atelier/mf-config');

module.exports = createFrontendConfig({
  name: 'manage',
  appDir: __dirname,
  title: 'Atelier manage',
  exposes: { './routes': './src/routes.tsx' },
});
