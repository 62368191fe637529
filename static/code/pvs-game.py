import math

WIN = 30000  # {{winScore}}


def pvs(position, depth, alpha, beta, ply):  @@enter
    if is_over(position):
        return outcome(position) * (WIN - ply)  # {{winByDistance}}  @@over
    if depth == 0:
        return evaluate(position)  # {{evalSideToMove}}  @@leaf
    value = -math.inf
    for i, move in enumerate(moves(position)):  # {{gameOrder}}
        play(position, move)
        if i == 0 or beta - alpha <= 1:
            score = -pvs(position, depth - 1, -beta, -alpha, ply + 1)
        else:
            score = -pvs(position, depth - 1, -alpha - 1, -alpha, ply + 1)  # {{probe}}  @@probe
            if alpha < score < beta:  @@fail
                score = -pvs(position, depth - 1, -beta, -alpha, ply + 1)  # {{reSearch}}  @@re-search
        undo(position)
        value = max(value, score)
        if value >= beta:  @@cut-test
            break  # {{cutoff}}  @@cutoff
        alpha = max(alpha, value)  @@pv-update
    return value  @@exit


def search(position, max_depth):
    for depth in range(1, max_depth + 1):  # {{iterativeDeepening}}  @@iteration
        value = pvs(position, depth, -math.inf, math.inf, 0)
    return value


print(search(POSITION, DEPTH))  @@call
