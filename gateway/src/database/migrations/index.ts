import { InitialSchema1732300000000 } from './1732300000000-InitialSchema';
import { CatalogSchema1732300000001 } from './1732300000001-CatalogSchema';
import { IncidentsSchema1732300000002 } from './1732300000002-IncidentsSchema';
import { PlaybooksJobsSchema1732300000003 } from './1732300000003-PlaybooksJobsSchema';
import { SettingsNotificationsSchema1732300000004 } from './1732300000004-SettingsNotificationsSchema';
import { ReadModelViews1732300000005 } from './1732300000005-ReadModelViews';
import { HistoryAndEventTriggers1732300000006 } from './1732300000006-HistoryAndEventTriggers';
import { CatalogListIndexes1732300000007 } from './1732300000007-CatalogListIndexes';
import { PropertiesChangeNotify1732300000008 } from './1732300000008-PropertiesChangeNotify';
import { IncidentStatusTransitions1732300001000 } from './1732300001000-IncidentStatusTransitions';
import { ResponderDelivery1732300001001 } from './1732300001001-ResponderDelivery';
import { HypothesisNesting1732300001002 } from './1732300001002-HypothesisNesting';
import { CheckScheduling1732300002000 } from './1732300002000-CheckScheduling';
import { HealthSummaries1732300002001 } from './1732300002001-HealthSummaries';
import { PurgeStoredSecrets1732300003000 } from './1732300003000-PurgeStoredSecrets';
import { RevokeAccessOnDeactivation1732300003001 } from './1732300003001-RevokeAccessOnDeactivation';
import { CommentLength1732300004000 } from './1732300004000-CommentLength';
import { ResponderErrorSetting1732300004001 } from './1732300004001-ResponderErrorSetting';

/** The one ordered migration history. Append new migrations at the end; never edit an applied one. */
export const MIGRATIONS: Function[] = [
  InitialSchema1732300000000,
  CatalogSchema1732300000001,
  IncidentsSchema1732300000002,
  PlaybooksJobsSchema1732300000003,
  SettingsNotificationsSchema1732300000004,
  ReadModelViews1732300000005,
  HistoryAndEventTriggers1732300000006,
  CatalogListIndexes1732300000007,
  PropertiesChangeNotify1732300000008,
  IncidentStatusTransitions1732300001000,
  ResponderDelivery1732300001001,
  HypothesisNesting1732300001002,
  CheckScheduling1732300002000,
  HealthSummaries1732300002001,
  PurgeStoredSecrets1732300003000,
  RevokeAccessOnDeactivation1732300003001,
  CommentLength1732300004000,
  ResponderErrorSetting1732300004001,
];
