#!/usr/bin/python3
"""Writes the OTF2 test archives of Matchpoint's trace importer with the real OTF2 library.

Run with Debian's python3-otf2 (OTF2 3.0.2):

    /usr/bin/python3 scenarios/src/test/resources/traces/otf2/generate.py

It rewrites, next to this script:

  worked/      the sample of TRACE-FORMATS.md section 1.8: rank 0 writes an Isend with an attribute
               list, a blocking Send, a failed Test, an Irecv it cancels and a Waitall; ranks 1 and 2
               receive the two messages.
  rich/        three ranks, five locations (two threads on ranks 0 and 1, 64-bit location ids
               (thread << 32) | rank), two communicators (MPI_COMM_WORLD and a reordered
               sub-communicator), Isends completed out of order, a blocking Send behind two
               incomplete Isends, Irecvs completed out of order in a Waitall with a blocking Recv
               between them, request ids reused, a cancelled Isend and a cancelled Irecv, failed Tests,
               attribute lists, a barrier, one send nobody receives and one receive nobody sends,
               and on rank 2 local definitions: a COMM mapping table (events use local comm ids)
               and three clock offsets.
  collectives/ three ranks whose MpiCollectiveEnd records carry the bytes Score-P 8 counts: an
               MPI_Bcast of 10 bytes on a reordered communicator of every rank (its comm rank 0 is
               world rank 2), an MPI_Gather of 5-byte blocks with MPI_IN_PLACE at root 0, an
               MPI_Allreduce of 8 bytes, an MPI_Reduce_scatter, an MPI_Barrier of ranks 0 and 1 only,
               a message from rank 0 to rank 1 and an MPI_Barrier on MPI_COMM_WORLD.
  vcollectives/ three ranks whose MpiCollectiveEnd records carry the bytes Score-P counts for an
               MPI_Gatherv to root 1 of 4, 8 and 12 bytes from ranks 0, 1 and 2, an MPI_Scatterv
               from root 0 of 8, 16 and 24 bytes, and an MPI_Reduce_scatter_block of 4-byte blocks.
  multichunk/  two ranks; rank 0's event file is longer than the smallest chunk size OTF2 allows
               (256 KiB), so it spans two chunks.

Reruns give identical files except each anchor's trace identifier, which libotf2 draws at random;
the wall-clock "realtime" stamp the Python writer takes is pinned.
"""

import os
import shutil
import types

import otf2
import otf2.writer
import _otf2
from otf2.enums import (CollectiveOp, GroupType, LocationGroupType, LocationType, Paradigm,
                        RegionRole, Type)
from otf2.registry import _Registry

HERE = os.path.dirname(os.path.abspath(__file__))

# The Python writer stamps the archive with time.time(); pin it so reruns give identical bytes.
otf2.writer.time = types.SimpleNamespace(time=lambda: 1700000000.0)


def fresh(name):
    path = os.path.join(HERE, name)
    if os.path.exists(path):
        shutil.rmtree(path)
    return path


class Trace:
    """A small helper over otf2.writer.Writer: ranks, threads, regions and communicators."""

    def __init__(self, writer, threads_per_rank):
        self.writer = writer
        defs = writer.definitions
        self.defs = defs
        node = defs.system_tree_node("node")
        self.groups = []
        self.locations = {}
        for rank, threads in enumerate(threads_per_rank):
            group = defs.location_group("rank %d" % rank,
                                        location_group_type=LocationGroupType.PROCESS,
                                        system_tree_parent=node)
            self.groups.append(group)
        for rank, threads in enumerate(threads_per_rank):
            for thread in range(threads):
                ref = (thread << 32) | rank
                # Location refs are 64-bit; the registry's create() only hands out 0, 1, 2, ...
                location = _Registry.create(defs._locations, ref, "rank %d thread %d" % (rank, thread),
                                            LocationType.CPU_THREAD, 0, self.groups[rank])
                self.locations[(rank, thread)] = location
        masters = [self.locations[(rank, 0)] for rank in range(len(threads_per_rank))]
        self.world_locations = defs.group("MPI_COMM_WORLD locations",
                                          group_type=GroupType.COMM_LOCATIONS,
                                          paradigm=Paradigm.MPI, members=masters)
        self.regions = {}

    def comm(self, name, world_ranks):
        group = self.defs.group(name + " group", group_type=GroupType.COMM_GROUP,
                                paradigm=Paradigm.MPI,
                                members=[self.locations[(r, 0)] for r in world_ranks])
        return self.defs.comm(name, group=group, parent=None)

    def region(self, name):
        if name not in self.regions:
            self.regions[name] = self.defs.region(name, region_role=RegionRole.POINT2POINT,
                                                  paradigm=Paradigm.MPI)
        return self.regions[name]

    def events(self, rank, thread=0):
        return self.writer.event_writer_from_location(self.locations[(rank, thread)])


def worked():
    """TRACE-FORMATS.md section 1.8: rank 0's file is exactly the bytes shown there."""
    with otf2.writer.open(fresh("worked"), timer_resolution=1000) as writer:
        t = Trace(writer, [1, 1, 1])
        world = t.comm("MPI_COMM_WORLD", [0, 1, 2])
        isend, send, irecv, testall, waitall = (t.region(n) for n in
                                                ("MPI_Isend", "MPI_Send", "MPI_Irecv",
                                                 "MPI_Testall", "MPI_Waitall"))
        tag_attr = writer.definitions.attribute("request tag", "a test attribute", Type.UINT32)
        r0 = t.events(0)
        r0.enter(1000, isend)
        r0.mpi_isend(1010, 1, world, 7, 1024, 1, attributes={tag_attr: 42})
        r0.leave(1020, isend)
        r0.enter(1030, send)
        r0.mpi_send(1030, 2, world, 3, 8)
        r0.leave(1040, send)
        r0.enter(1050, irecv)
        r0.mpi_irecv_request(1050, 2)
        r0.leave(1060, irecv)
        r0.enter(1070, testall)
        r0.mpi_request_test(1070, 1)
        r0.mpi_request_test(1070, 2)
        r0.leave(1080, testall)
        r0.enter(1090, waitall)
        r0.mpi_isend_complete(1100, 1)
        r0.mpi_request_cancelled(1100, 2)
        r0.leave(1110, waitall)

        recv = t.region("MPI_Recv")
        wait = t.region("MPI_Wait")
        r1 = t.events(1)
        r1.enter(1005, irecv)
        r1.mpi_irecv_request(1005, 1)
        r1.leave(1006, irecv)
        r1.enter(1100, wait)
        r1.mpi_irecv(1120, 0, world, 7, 1024, 1)
        r1.leave(1121, wait)
        r2 = t.events(2)
        r2.enter(1001, recv)
        r2.mpi_recv(1045, 0, world, 3, 8)
        r2.leave(1046, recv)


BASE = 1_700_000_000_000_000_000  # ns since the epoch, as Score-P writes; above 2**53


def rich():
    with otf2.writer.open(fresh("rich"), timer_resolution=1_000_000_000) as writer:
        t = Trace(writer, [2, 2, 1])
        world = t.comm("MPI_COMM_WORLD", [0, 1, 2])
        sub = t.comm("sub", [2, 0])  # comm rank 0 is world rank 2, comm rank 1 is world rank 0
        attr = writer.definitions.attribute("bytes hint", "", Type.UINT64)
        note = writer.definitions.attribute("note", "", Type.STRING)

        def call(ev, name, begin, end, body):
            region = t.region(name)
            ev.enter(BASE + begin, region)
            body()
            ev.leave(BASE + end, region)

        # rank 0 thread 0
        e = t.events(0, 0)
        call(e, "MPI_Isend", 10, 11, lambda: e.mpi_isend(BASE + 10, 1, world, 5, 100, 1))
        call(e, "MPI_Isend", 20, 21, lambda: e.mpi_isend(BASE + 20, 1, world, 5, 200, 2,
                                                         attributes={attr: 200}))
        call(e, "MPI_Send", 30, 31, lambda: e.mpi_send(BASE + 30, 1, world, 5, 300))
        def waitall0():
            e.mpi_isend_complete(BASE + 40, 2)
            e.mpi_isend_complete(BASE + 41, 1)
        call(e, "MPI_Waitall", 39, 42, waitall0)
        call(e, "MPI_Isend", 50, 51, lambda: e.mpi_isend(BASE + 50, 2, world, 9, 50, 1,
                                                         attributes={note: "reused id 1"}))
        call(e, "MPI_Test", 55, 56, lambda: e.mpi_request_test(BASE + 55, 1))
        call(e, "MPI_Wait", 59, 61, lambda: e.mpi_isend_complete(BASE + 60, 1))
        call(e, "MPI_Isend", 70, 71, lambda: e.mpi_isend(BASE + 70, 1, world, 77, 8, 3))
        call(e, "MPI_Cancel", 72, 73, lambda: None)
        call(e, "MPI_Wait", 74, 76, lambda: e.mpi_request_cancelled(BASE + 75, 3))
        e.mpi_collective_begin(BASE + 200)
        e.mpi_collective_end(BASE + 210, CollectiveOp.BARRIER, world, 0xFFFFFFFF, 0, 0)

        # rank 0 thread 1: one blocking send on the sub-communicator to comm rank 0 (world rank 2)
        e01 = t.events(0, 1)
        call(e01, "MPI_Send", 15, 16, lambda: e01.mpi_send(BASE + 15, 0, sub, 3, 64))

        # rank 1 thread 0
        e = t.events(1, 0)
        call(e, "MPI_Irecv", 5, 5, lambda: e.mpi_irecv_request(BASE + 5, 1))
        call(e, "MPI_Irecv", 6, 6, lambda: e.mpi_irecv_request(BASE + 6, 2))
        call(e, "MPI_Recv", 7, 45, lambda: e.mpi_recv(BASE + 45, 0, world, 5, 300))
        def waitall1():
            e.mpi_irecv(BASE + 50, 0, world, 5, 200, 2)
            e.mpi_irecv(BASE + 51, 0, world, 5, 100, 1)
        call(e, "MPI_Waitall", 46, 52, waitall1)
        call(e, "MPI_Irecv", 80, 80, lambda: e.mpi_irecv_request(BASE + 80, 1))
        call(e, "MPI_Test", 82, 82, lambda: e.mpi_request_test(BASE + 82, 1))
        call(e, "MPI_Cancel", 84, 84, lambda: None)
        call(e, "MPI_Wait", 85, 86, lambda: e.mpi_request_cancelled(BASE + 85, 1))
        call(e, "MPI_Irecv", 90, 90, lambda: e.mpi_irecv_request(BASE + 90, 4))
        call(e, "MPI_Wait", 91, 96, lambda: e.mpi_irecv(BASE + 95, 2, world, 11, 8, 4))
        call(e, "MPI_Recv", 97, 150, lambda: e.mpi_recv(BASE + 150, 2, world, 12, 4))
        e.mpi_collective_begin(BASE + 200)
        e.mpi_collective_end(BASE + 210, CollectiveOp.BARRIER, world, 0xFFFFFFFF, 0, 0)

        # rank 1 thread 1: same request id as thread 0, on another location
        e11 = t.events(1, 1)
        call(e11, "MPI_Isend", 12, 13, lambda: e11.mpi_isend(BASE + 12, 2, world, 4, 16, 1))
        call(e11, "MPI_Wait", 14, 35, lambda: e11.mpi_isend_complete(BASE + 35, 1))

        # rank 2: events name communicators by local ids 0 -> sub (global 1), 1 -> world (global 0)
        e = t.events(2, 0)
        local_sub = types.SimpleNamespace(_ref=0)
        local_world = types.SimpleNamespace(_ref=1)
        call(e, "MPI_Recv", 8, 25, lambda: e.mpi_recv(BASE + 25, 1, local_sub, 3, 64))
        call(e, "MPI_Irecv", 30, 30, lambda: e.mpi_irecv_request(BASE + 30, 7))
        call(e, "MPI_Recv", 31, 40, lambda: e.mpi_recv(BASE + 40, 1, local_world, 4, 16))
        call(e, "MPI_Wait", 41, 65, lambda: e.mpi_irecv(BASE + 65, 0, local_world, 9, 50, 7))
        call(e, "MPI_Send", 92, 93, lambda: e.mpi_send(BASE + 92, 1, local_world, 11, 8))
        call(e, "MPI_Send", 110, 111, lambda: e.mpi_send(BASE + 110, 1, local_world, 99, 32))
        e.mpi_collective_begin(BASE + 200)
        e.mpi_collective_end(BASE + 210, CollectiveOp.BARRIER, local_world, 0xFFFFFFFF, 0, 0)
        call(e, "MPI_Finalize", 400, 401, lambda: None)  # after the last clock offset

        comm_map = _otf2.IdMap_CreateFromUint64Array([1, 0], False)
        _otf2.DefWriter_WriteMappingTable(e._def_handle, _otf2.MAPPING_COMM, comm_map)
        _otf2.IdMap_Free(comm_map)
        _otf2.DefWriter_WriteClockOffset(e._def_handle, BASE + 0, 5, 0.5)
        _otf2.DefWriter_WriteClockOffset(e._def_handle, BASE + 100, 15, 0.5)
        _otf2.DefWriter_WriteClockOffset(e._def_handle, BASE + 300, -5, 0.25)


def collectives():
    with otf2.writer.open(fresh("collectives"), timer_resolution=1_000_000_000) as writer:
        t = Trace(writer, [1, 1, 1])
        world = t.comm("MPI_COMM_WORLD", [0, 1, 2])
        reordered = t.comm("reordered", [2, 0, 1])
        pair = t.comm("pair", [0, 1])
        none = 0xFFFFFFFF
        for rank in range(3):
            e = t.events(rank)
            time = [100 * rank]

            def coll(op, comm, root, sent, received):
                e.mpi_collective_begin(time[0])
                e.mpi_collective_end(time[0] + 5, op, comm, root, sent, received)
                time[0] += 10

            coll(CollectiveOp.BCAST, reordered, 0, 30 if rank == 2 else 0, 10)
            coll(CollectiveOp.GATHER, world, 0, 0 if rank == 0 else 5, 10 if rank == 0 else 0)
            coll(CollectiveOp.ALLREDUCE, world, none, 24, 24)
            coll(CollectiveOp.REDUCE_SCATTER, world, none, 12, 4)
            if rank < 2:
                coll(CollectiveOp.BARRIER, pair, none, 0, 0)
            if rank == 0:
                e.mpi_send(time[0], 1, world, 3, 16)
            elif rank == 1:
                e.mpi_recv(time[0] + 5, 0, world, 3, 16)
            time[0] += 10
            coll(CollectiveOp.BARRIER, world, none, 0, 0)


def vcollectives():
    with otf2.writer.open(fresh("vcollectives"), timer_resolution=1_000_000_000) as writer:
        t = Trace(writer, [1, 1, 1])
        world = t.comm("MPI_COMM_WORLD", [0, 1, 2])
        none = 0xFFFFFFFF
        for rank in range(3):
            e = t.events(rank)
            time = [100 * rank]

            def coll(op, root, sent, received):
                e.mpi_collective_begin(time[0])
                e.mpi_collective_end(time[0] + 5, op, world, root, sent, received)
                time[0] += 10

            coll(CollectiveOp.GATHERV, 1, 4 * (rank + 1), 4 + 8 + 12 if rank == 1 else 0)
            coll(CollectiveOp.SCATTERV, 0, 8 + 16 + 24 if rank == 0 else 0, 8 * (rank + 1))
            coll(CollectiveOp.REDUCE_SCATTER_BLOCK, none, 12, 4)


def multichunk():
    with otf2.writer.open(fresh("multichunk"), timer_resolution=1_000_000,
                          chunk_size_events=256 * 1024) as writer:
        t = Trace(writer, [1, 1])
        world = t.comm("MPI_COMM_WORLD", [0, 1])
        count = 12000
        e0 = t.events(0)
        e1 = t.events(1)
        for i in range(count):
            e0.mpi_isend(10 * i, 1, world, i % 4, 8 * i, i % 3)
            e0.mpi_isend_complete(10 * i, i % 3)
        for i in range(count):
            e1.mpi_recv(10 * i + 5, 0, world, i % 4, 8 * i)


if __name__ == "__main__":
    worked()
    rich()
    collectives()
    vcollectives()
    multichunk()
