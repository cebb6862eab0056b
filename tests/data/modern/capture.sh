#!/bin/sh
# capture.sh RAVIZ DIR - the captures of tests/data/modern, made again.
#
# As root, on a machine with tracefs and loop devices, run under the
# machine's tracefs lock if it has one:
#
#	flock /work/tracefs.lock sh tests/data/modern/capture.sh ./raviz DIR
#
# For each read size (4k, 64k, 1M, 2M) and read_ahead_kb (128, 1024), RAVIZ
# --capture reads a loop device raw and a file on ext4 on another loop
# device, as dd would, tracing the readahead and block tracepoints into
# DIR/{raw,ext4}-ra<KB>-bs<SIZE>.trace.  Each raw device is exactly as
# large as what is read, so that the end of the read is the end of the
# device, as for a file.  Each ext4 file is one extent (checked: a bio
# ends where the blocks stop being contiguous, which the model does not
# know); its extent goes to DIR/ext4-<SIZE>.extents (filefrag -v), which
# maps the device's sectors back to file pages.  Everything made here is undone at the end (tracefs
# is unmounted again if it was not mounted, loop devices detached, images
# removed), also when a step fails.
set -eu
raviz=$1
out=$2
T=/sys/kernel/tracing
work=$(mktemp -d)
mounted=0 loops= mnt=
cleanup() {
	set +e
	[ -n "$mnt" ] && umount "$mnt"
	for l in $loops; do losetup -d "$l"; done
	rm -rf "$work"
	[ "$mounted" = 1 ] && umount "$T"
}
trap cleanup EXIT INT TERM HUP
[ -e "$T/events" ] || { mount -t tracefs nodev "$T"; mounted=1; }
mkdir -p "$out"

# What is read for each read size: enough for the windows to reach their
# steady size, small enough for a few hundred KB of text.
size_of() {
	case $1 in 4k) echo 4 ;; 64k) echo 8 ;; *) echo 32 ;; esac
}

# A raw loop device of exactly N MiB.
for n in 4 8 32; do
	dd if=/dev/urandom of="$work/raw$n.img" bs=1M count=$n status=none
	l=$(losetup -f --show "$work/raw$n.img")
	loops="$loops $l"
	eval "raw$n=$l"
done
# ext4 on a loop device, with a file of each size.
truncate -s 256M "$work/fs.img"
mkfs.ext4 -q -F -b 4096 "$work/fs.img"
fs=$(losetup -f --show "$work/fs.img")
loops="$loops $fs"
mnt=$work/mnt
mkdir "$mnt"
mount "$fs" "$mnt"
for n in 32 8 4; do
	fallocate -l ${n}M "$mnt/f$n"
	dd if=/dev/urandom of="$mnt/f$n" bs=1M count=$n conv=notrunc \
	    status=none
done
sync
for n in 4 8 32; do
	filefrag -v "$mnt/f$n" >"$out/ext4-${n}M.extents"
	grep -q ': 1 extent found$' "$out/ext4-${n}M.extents" || {
		echo "capture.sh: $mnt/f$n is not one extent" >&2
		exit 1
	}
done

for ra in 128 1024; do
	for bs in 4k 64k 1M 2M; do
		n=$(size_of $bs)
		eval "dev=\$raw$n"
		echo "$ra" >"/sys/block/${dev#/dev/}/queue/read_ahead_kb"
		"$raviz" --capture="$dev" --bs=$bs --file-size=${n}M --force \
		    --capture-out="$out/raw-ra$ra-bs$bs.trace"
		echo "$ra" >"/sys/block/${fs#/dev/}/queue/read_ahead_kb"
		"$raviz" --capture="$mnt/f$n" --bs=$bs --file-size=${n}M \
		    --force --capture-out="$out/ext4-ra$ra-bs$bs.trace"
	done
done
