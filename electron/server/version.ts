/** The engine version `GET /version` reports: Lapwing's own semantic version. */
import packageJson from '../../package.json' with { type: 'json' };

export const ENGINE_VERSION: string = packageJson.version;
