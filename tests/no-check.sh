#!/bin/sh
# no-check.sh - make check runs this in place of the Check unit tests when
# configure did not find Check: the unit tests fail, they never vanish.
echo "not ok 1 - unit tests not built: Check (pkg-config check >= 0.11) not found: install the Debian package check (.ci/install-deps does), then run ./configure again"
echo "1..1"
exit 1
