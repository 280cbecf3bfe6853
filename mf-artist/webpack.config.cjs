const { createFrontendConfig } = require('@atelier/mf-config');

module.exports = createFrontendConfig({
  name: 'artist',
  appDir: __dirname,
  title: 'Atelier artist',
  exposes: { './routes': './src/routes.tsx' },
});
