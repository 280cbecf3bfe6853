/** What the dashboard says (ARCHITECTURE §3: user-visible strings are named). */
export const DASHBOARD_MESSAGES = {
  title: 'Dashboard',
  projects: 'Recent projects',
  orders: 'Recent orders',
  favorites: 'Favourites',
  collections: 'Your collections',
  noProjects: 'No projects yet',
  noOrders: 'No orders yet',
  noFavorites: 'No favourites yet',
  noCollections: 'No collections yet',
  viewAll: 'View all',
} as const;

/** How many of each the dashboard shows. */
export const DASHBOARD_LIMITS = { projects: 5, orders: 5, favorites: 8, collections: 5 } as const;

/** Where each card's full list lives. */
export const DASHBOARD_LINKS = {
  projects: '/projects',
  orders: '/orders',
  favorites: `/search?filters=${encodeURIComponent('favorites:true')}`,
  collections: '/collections',
} as const;
