// The payouts screens, loaded together when one of them is first opened.
export { ArtistPaymentDetailPage } from './components/ArtistPaymentDetailPage';
export { ArtistPaymentListPage } from './components/ArtistPaymentListPage';
export { PaymentDueDetailPage } from './components/PaymentDueDetailPage';
export { PaymentDueListPage } from './components/PaymentDueListPage';
export { PaymentTransitionPage, PaymentTransitionsPage } from './components/PaymentTransitionPages';
export { PayoutRunPage } from './components/PayoutRunPage';
export { PayoutRunListPage } from './components/PayoutRunListPage';
