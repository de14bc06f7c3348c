#!/bin/sh
# Generate configure and the Makefile templates from a git checkout.
set -e
cd "$(dirname "$0")"
mkdir -p build-aux m4
exec autoreconf -fi
