import { renderStandalone } from '@atelier/ui';
import routes from './routes';

renderStandalone('mf-cart', routes);
