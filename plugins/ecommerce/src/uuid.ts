const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from outside (a provider's metadata, an automation's input) is a uuid. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
