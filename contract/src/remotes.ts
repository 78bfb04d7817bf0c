/**
 * The front end's one registry: the shell (the host) and each remote with its
 * name, the route the shell mounts it under, its dev-server port, its folder,
 * its Module Federation name and the label people see. The data is
 * remotes.json, so the node scripts (build, dev, webpack, jest) read the same
 * file with `require` before anything is compiled; the shell, the API's
 * `/remotes.json`, the e2e tests and the build all read it from here.
 */
import registry from './remotes.json';

export interface RemoteInfo {
  /** Short name: the API's `/remotes/<name>/` folder and `REMOTE_<NAME>_URL` variable. */
  name: string;
  /** The Module Federation container name (`remote_users`), the key in `/remotes.json`. */
  federationName: string;
  /** The workspace folder that builds it. */
  folder: string;
  /** Where the shell mounts the remote's routes (`<route>/*`). */
  route: string;
  devPort: number;
  /** The area's name in the navigation. */
  label: string;
}

export interface HostInfo {
  folder: string;
  federationName: string;
  devPort: number;
}

export const FRONT_END_HOST: HostInfo = registry.host;
export const REMOTES: readonly RemoteInfo[] = registry.remotes;

/** The remote named `name`; throws for a name the registry does not hold. */
export function remoteNamed(name: string): RemoteInfo {
  const remote = REMOTES.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`No remote named ${name} in contract/src/remotes.json`);
  return remote;
}
