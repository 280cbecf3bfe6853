import { renderStandalone } from '@atelier/mf-config/dev-host';
import routes from './routes';

renderStandalone('mf-cart', routes);
