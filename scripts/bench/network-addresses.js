/**
 * Loopback source addresses, each standing for one network of callers: on loopback any
 * 127.x.y.z is this machine, and the server keys its rate limits and daily network quota on the
 * caller's address. Hands out 127.1.0.0, 127.1.0.1, … and never the same one twice, so the
 * networks of one server run never share a limit; 127.0.0.1 stays the anonymous readers'.
 */
export function networkAddresses() {
  let next = 0;
  return () => {
    const index = next++;
    return `127.${1 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;
  };
}
