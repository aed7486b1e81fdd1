package org.sfsbench.results.model;

/**
 * Which step of a WORKLOAD=access test a load point is (docs/access-specs.md): the spec, the I/Os
 * each worker keeps outstanding, and the active workers per client.
 *
 * @param spec           the access specification's name ("File Server")
 * @param outstandingIos I/Os each worker keeps in flight
 * @param workers        active workers per client
 */
public record AccessStepIdentity(String spec, int outstandingIos, int workers) {
}
