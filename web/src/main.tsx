import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '@web/core/api';
import { PluginRegistry } from '@web/core/plugin-host';
import { App } from './App';
import { webPlugins } from './plugins.generated';
import { buildRoutes } from './routes';
import './global.css';

const registry = new PluginRegistry(webPlugins);
const router = createBrowserRouter(buildRoutes(registry));
setUnauthorizedHandler((loginUrl) => void router.navigate(loginUrl, { replace: true }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App registry={registry} router={router} />
  </StrictMode>,
);
