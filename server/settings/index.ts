/**
 * The settings: one table of every variable, its default and what it allows; and the campaigns file.
 */
export {type Campaigns, parseCampaigns, parseCampaignsFile} from './campaigns';
export {
  isOneOf,
  LIMITS,
  LOG_LEVELS,
  MIN_SECRET_LENGTH,
  MIN_WEBHOOK_SECRET_LENGTH,
  OLD_VERSION_HOURS_RANGE,
  PORT_RANGE,
  RETENTION_DAYS,
  SETTINGS,
  type SettingVars,
  TURNSTILE_WHEN,
  unknownSettings,
} from './settings';
