import { Schema } from "effect";
import { ApiError } from "../../../src/api/errors.ts";
import type { SpaceId } from "../../../src/api/ids.ts";
import { messages } from "../../../src/api/messages.ts";
import { reasonProblem } from "../../../src/api/reservations.ts";
import type { Queryable } from "../../db/database.ts";
import { queryOne } from "../../db/rows.ts";
import { cancellationPenaltyCents } from "../../money/penalties.ts";
import { decideReservation, judgeSpace, lockReservation } from "../decide.ts";
import { type Caller, commandOptions, ownSpaces, spaceTypes } from "../facts.ts";
import { promoteWaiting } from "../promotion.ts";

const OneSpaceRow = Schema.Struct({ reservation_id: Schema.Int, status: Schema.String });

/**
 * Cancels one space for a reason: the space machine judges the space (a canceled one is not
 * canceled again), the reservation machine the reservation, which ends with its last live space.
 * A sale keeps the penalty on the space's share of the due (decision 067), stored on the event.
 */
export const cancelSpace = async (tx: Queryable, spaceId: SpaceId, reason: string, caller: Caller): Promise<void> => {
  const space = await queryOne(tx, OneSpaceRow, "select reservation_id, status from spaces where id = $1", [spaceId]);
  if (space === null) throw new ApiError(404, messages.notFound);
  const { reservation, departure } = await lockReservation(tx, space.reservation_id, caller.session);
  const fieldProblem = reasonProblem(reason);
  judgeSpace(reservation.id, space.status, { type: "space.cancel", reason }, { fieldProblem });
  const last = reservation.spaces <= 1;
  const { children } = await spaceTypes(tx);
  const penaltyCents = await cancellationPenaltyCents(tx, reservation, spaceId, caller.now);
  await decideReservation(tx, reservation.id, { type: "space.cancel", spaceId, reason: reason.trim(), last, penaltyCents }, commandOptions(caller), {
    fieldProblem,
    spaces: ownSpaces(reservation),
    childTypes: [...children],
  });
  await promoteWaiting(tx, departure, caller);
};
