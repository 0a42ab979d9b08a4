/** Public API of the data API module: what plugins and the app import. */
export { DataApiModule } from './data-api.module';
export { DataApiService, type DataApiRequest, type DataApiResponse } from './data-api.service';
export {
  DataApiRegistry,
  DATA_API_RESOURCES,
  type DataApiResourceProvider,
  type DataApiResourceRegistration,
  type DataApiRpcRegistration,
  type ManualRelation,
  type ScopeClause,
} from './resource-registry';
export { FEATURE_GATE, type FeatureGate } from './feature-gate';
export { DataApiError } from './errors';
