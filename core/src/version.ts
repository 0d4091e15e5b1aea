/** The kernel's version; plugin manifests declare the kernel range they run on against it. */
export const KERNEL_VERSION = '0.1.0';
