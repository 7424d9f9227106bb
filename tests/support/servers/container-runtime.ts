/** Why containers cannot be started here, or undefined when they can (a Docker engine for testcontainers). */
export async function noContainerRuntime(): Promise<string | undefined> {
  const { getContainerRuntimeClient } = await import("testcontainers");
  try {
    await getContainerRuntimeClient();
    return undefined;
  } catch (error) {
    return `there is no Docker engine for testcontainers (${(error as Error).message.split("\n")[0]})`;
  }
}
