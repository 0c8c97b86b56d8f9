// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Gas-only change of the base: unchecked loop increments, storage reads cached in locals.
contract Roster {
    address[] public members;
    mapping(address => uint256) public points;
    uint256 public bonus = 5;

    event Joined(address who, uint256 count);
    event Awarded(uint256 members, uint256 each);

    function join() external {
        uint256 count = members.length;
        require(count < 8, "full");
        members.push(msg.sender);
        emit Joined(msg.sender, count + 1);
    }

    function award(uint256 amount) external {
        uint256 count = members.length;
        uint256 cachedBonus = bonus;
        for (uint256 i = 0; i < count; ) {
            points[members[i]] += amount + cachedBonus;
            unchecked {
                ++i;
            }
        }
        emit Awarded(count, amount + cachedBonus);
    }

    function total() external view returns (uint256 sum) {
        uint256 count = members.length;
        for (uint256 i = 0; i < count; ) {
            sum += points[members[i]];
            unchecked {
                ++i;
            }
        }
    }

    function setBonus(uint256 value) external {
        bonus = value;
    }
}
