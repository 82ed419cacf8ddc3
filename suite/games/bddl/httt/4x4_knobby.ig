% Harary's Tic-Tac-Toe, shape knobby (all rotations and reflections) on 4x4.
% Depth: the critical depth of Shaik & van de Pol, SAT 2023, Table 2(a).
#boardsize
4 4
#init
#depth
11
#blackgoal
black(?x,?y) black(?x-1,?y+1) black(?x,?y+1) black(?x,?y+2)
black(?x,?y) black(?x-1,?y+1) black(?x,?y+1) black(?x+1,?y+1)
black(?x,?y) black(?x,?y+1) black(?x+1,?y+1) black(?x,?y+2)
black(?x,?y) black(?x+1,?y) black(?x+2,?y) black(?x+1,?y+1)
#whitegoal
white(?x,?y) white(?x-1,?y+1) white(?x,?y+1) white(?x,?y+2)
white(?x,?y) white(?x-1,?y+1) white(?x,?y+1) white(?x+1,?y+1)
white(?x,?y) white(?x,?y+1) white(?x+1,?y+1) white(?x,?y+2)
white(?x,?y) white(?x+1,?y) white(?x+2,?y) white(?x+1,?y+1)
