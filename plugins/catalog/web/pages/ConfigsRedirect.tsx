import { Navigate, useLocation } from 'react-router';

/** /configs is the old address of the catalogue (spec 02 Catalog): it keeps its query string. */
export default function ConfigsRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/catalog${search}`} replace />;
}
