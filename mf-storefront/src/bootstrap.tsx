import { renderStandalone } from '@atelier/ui';
import routes from './routes';

renderStandalone('mf-storefront', routes);
