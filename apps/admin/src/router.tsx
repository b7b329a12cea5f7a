import { createBrowserRouter, Navigate } from 'react-router'
import { NotFoundPage } from './pages/NotFoundPage.tsx'
import { Layout } from './ui/Layout.tsx'
import { Loading } from './ui/parts.tsx'

// Shown while the first page's chunk loads.
const hydrateFallbackElement = <Loading />

/** Routes under /admin/; every page is its own chunk (`lazy`), loaded when first visited. */
export const router = createBrowserRouter(
  [
    {
      path: '/',
      element: <Layout />,
      hydrateFallbackElement,
      children: [
        { index: true, element: <Navigate to="/orders" replace /> },
        { path: 'orders', lazy: () => import('./pages/orders/OrdersPage.tsx') },
        { path: 'orders/:orderId', lazy: () => import('./pages/orders/OrderDetailPage.tsx') },
        { path: 'products', lazy: () => import('./pages/products/ProductsPage.tsx') },
        { path: 'products/new', lazy: () => import('./pages/products/ProductEditPage.tsx') },
        { path: 'products/:productId', lazy: () => import('./pages/products/ProductEditPage.tsx') },
        { path: 'promotions', lazy: () => import('./pages/promotions/PromotionsPage.tsx') },
        { path: 'promotions/new', lazy: () => import('./pages/promotions/PromotionCreatePage.tsx') },
        { path: 'gift-cards', lazy: () => import('./pages/gift-cards/GiftCardsPage.tsx') },
        { path: 'people', lazy: () => import('./pages/people/PeoplePage.tsx') },
        { path: 'password', lazy: () => import('./pages/people/PasswordPage.tsx') },
        { path: 'settings', lazy: () => import('./pages/settings/ShopSettingsPage.tsx') },
        {
          path: 'developer',
          lazy: () => import('./pages/developer/DeveloperLayout.tsx'),
          children: [
            { path: 'api-users', lazy: () => import('./pages/developer/ApiUsersPage.tsx') },
            { path: 'storefront', lazy: () => import('./pages/developer/StorefrontTokenPage.tsx') },
            { path: 'webhooks', lazy: () => import('./pages/developer/WebhooksPage.tsx') },
            { path: 'webhooks/new', lazy: () => import('./pages/developer/WebhookFormPage.tsx') },
            { path: 'webhooks/:webhookId', lazy: () => import('./pages/developer/WebhookDetailPage.tsx') },
            { path: 'webhooks/:webhookId/edit', lazy: () => import('./pages/developer/WebhookFormPage.tsx') },
            { path: 'platform-apps', lazy: () => import('./pages/developer/PlatformAppsPage.tsx') },
            { path: 'audit-log', lazy: () => import('./pages/developer/AuditLogPage.tsx') },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/admin' },
)
