import { renderStandalone } from '@atelier/mf-config/src/dev-host/render-standalone';
import routes from './routes';

renderStandalone('mf-cart', routes);
