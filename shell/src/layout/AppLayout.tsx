import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Loading } from '@atelier/ui';
import { NavBar } from '../nav/NavBar';
import { SessionExpiredNotice } from '../nav/SessionExpiredNotice';
import { useRouteTitle } from '../routing/route-title';
import { usePageViews } from '../routing/page-views';
import { Footer } from './Footer';
import { NavigationProgress } from './NavigationProgress';

/** The frame of every page: nav bar, the owning front end's area, footer. */
export function AppLayout() {
  useRouteTitle();
  usePageViews();
  const navigation = useNavigation();
  return (
    <div className="atelier-app">
      <NavBar />
      <NavigationProgress />
      <main id="main" className="atelier-main" aria-busy={navigation.state !== 'idle'}>
        <SessionExpiredNotice />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
