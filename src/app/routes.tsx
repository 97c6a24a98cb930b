/** The routes of docs/requirements.md §2. Every page is its own chunk, loaded on demand. */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from './features/layout/AppLayout';
import { RouteGuard } from './features/layout/RouteGuard';

const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));
const ParserPage = lazy(() => import('./features/parser/ParserPage'));
const UploadEanPage = lazy(() => import('./features/upload-ean/UploadEanPage'));
const ProductListPage = lazy(() => import('./features/products/ProductListPage'));
const ProductEditPage = lazy(() => import('./features/product-edit/ProductEditPage'));
const OrdersPage = lazy(() => import('./features/orders/OrdersPage'));
const ReportsPage = lazy(() => import('./features/reports/ReportsPage'));
const LogsPage = lazy(() => import('./features/logs/LogsPage'));
const ExportPage = lazy(() => import('./features/export/ExportPage'));
const UsersPage = lazy(() => import('./features/accounts/UsersPage'));
const OfferSettingsPage = lazy(() => import('./features/offer-settings/OfferSettingsPage'));

export function AppRoutes() {
  return (
    <RouteGuard>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/products" element={<ProductListPage />} />
          <Route path="/products/:productId" element={<ProductEditPage />} />
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/parser" element={<ParserPage />} />
          <Route path="/export" element={<ExportPage />} />
          <Route path="/logs" element={<LogsPage />} />
          <Route path="/report" element={<ReportsPage />} />
          <Route path="/uploadEan" element={<UploadEanPage />} />
          <Route path="/users" element={<UsersPage />} />
          <Route path="/offer-settings" element={<OfferSettingsPage />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </RouteGuard>
  );
}
